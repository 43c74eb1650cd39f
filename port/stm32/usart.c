/* STM32 port (boards netduinoplus2: STM32F405, stm32vldiscovery: STM32F100):
 * the part's USART1 for keys and every line of output, and its clock and
 * pin set-up. The F1 and F4 USARTs have the same registers (RM0008 and
 * RM0041 27.6, RM0090 30.6); their clock gates and pins differ. Polled,
 * no interrupts. startup.c (BW_CONSOLE_UART) leaves bw_port_write to this
 * file and calls bw_board_init before anything is printed. */
#include <stdint.h>
#include "burrow/port.h"

#define REG(a) (*(volatile uint32_t *)(a))

#if defined(BW_STM32F4)
/* RM0090: RCC at 0x40023800, USART1 on APB2 at 0x40011000, TX on PA9. The
 * part runs from its 16 MHz HSI after reset; the firmware keeps it there
 * (burrow needs no speed from the PLL, and QEMU's model has no RCC to
 * program one). */
#define USART 0x40011000u
#define PCLK 16000000u
static void clocks_and_pins(void)
{
    REG(0x40023830u) |= 1u << 0;  /* RCC_AHB1ENR.GPIOAEN */
    REG(0x40023844u) |= 1u << 4;  /* RCC_APB2ENR.USART1EN */
    /* PA9 (TX) and PA10 (RX): alternate function 7 */
    REG(0x40020000u) = (REG(0x40020000u) & ~(0xfu << 18)) | (0xau << 18); /* MODER: AF */
    REG(0x40020024u) = (REG(0x40020024u) & ~0xff0u) | 0x770u;            /* AFRH: AF7 */
}
#elif defined(BW_STM32F1)
/* RM0041: RCC at 0x40021000, USART1 on APB2 at 0x40013800, TX on PA9. The
 * part runs from its 8 MHz HSI after reset, and the firmware keeps it so
 * (QEMU's model has no RCC to program the PLL with). */
#define USART 0x40013800u
#define PCLK 8000000u
static void clocks_and_pins(void)
{
    REG(0x40021018u) |= 1u << 14 | 1u << 2; /* RCC_APB2ENR: USART1EN, IOPAEN */
    /* PA9: alternate push-pull output, 2 MHz (CNF 10, MODE 10); PA10: input */
    REG(0x40010804u) = (REG(0x40010804u) & ~0xff0u) | 0x4a0u; /* GPIOA_CRH */
}
#else
#error "port/stm32/usart.c: define BW_STM32F1 or BW_STM32F4 (the board's .mk does)"
#endif

#define SR  REG(USART + 0x00u)
#define DR  REG(USART + 0x04u)
#define BRR REG(USART + 0x08u)
#define CR1 REG(USART + 0x0cu)
#define SR_RXNE (1u << 5)
#define SR_TXE  (1u << 7)

void bw_board_init(void);
void bw_board_init(void)
{
    clocks_and_pins();
    BRR = (PCLK + 115200u / 2) / 115200u; /* 115,200 baud, 8N1 */
    CR1 = 1u << 13 | 1u << 3 | 1u << 2;   /* UE, TE, RE */
}

void bw_port_uart_write(const char *buf, size_t n)
{
    while (n--) {
        while (!(SR & SR_TXE))
            ;
        DR = (uint8_t)*buf++;
    }
}

void bw_port_write(const char *buf, size_t n)
{
    bw_port_uart_write(buf, n);
}

int bw_port_getkey(void)
{
    while (!(SR & SR_RXNE))
        ;
    return (int)(DR & 0xffu);
}
