/* The few Game Boy Advance registers burrow's ROM uses (GBATEK's names). */
#ifndef BW_GBA_H
#define BW_GBA_H

#include <stdint.h>

#define REG16(a) (*(volatile uint16_t *)(a))
#define REG_DISPCNT  REG16(0x04000000u)
#define REG_VCOUNT   REG16(0x04000006u)
#define REG_BG0CNT   REG16(0x04000008u)
#define REG_BG1CNT   REG16(0x0400000au)
#define REG_BG0HOFS  REG16(0x04000010u)
#define REG_BG0VOFS  REG16(0x04000012u)
#define REG_BG1HOFS  REG16(0x04000014u)
#define REG_BG1VOFS  REG16(0x04000016u)
#define REG_TM0CNT_L REG16(0x04000100u)
#define REG_TM0CNT_H REG16(0x04000102u)
#define REG_TM1CNT_L REG16(0x04000104u)
#define REG_TM1CNT_H REG16(0x04000106u)
#define REG_KEYINPUT REG16(0x04000130u)
#define REG_WAITCNT  REG16(0x04000204u)

#define TM_ENABLE  0x80u
#define TM_CASCADE 0x04u

#define PAL_BG  ((volatile uint16_t *)0x05000000u)
#define VRAM    ((volatile uint16_t *)0x06000000u)

/* KEYINPUT bits, 0 while pressed */
enum { KEY_A = 1, KEY_B = 2, KEY_SELECT = 4, KEY_START = 8, KEY_RIGHT = 16, KEY_LEFT = 32,
       KEY_UP = 64, KEY_DOWN = 128, KEY_R = 256, KEY_L = 512 };

void gba_vsync(void);
void gba_timer_start(void);

#endif
