# FNV-1a 32 over one decimal byte per record, in any POSIX awk: the XOR of
# the low byte goes through a table, the multiply by 16777619 = 2^24 + 403
# is split so every intermediate stays exact in a double.
BEGIN {
    for (a = 0; a < 256; a++) for (b = 0; b < 256; b++) {
        x = 0; p = 1; aa = a; bb = b
        for (k = 0; k < 8; k++) { if ((aa % 2) != (bb % 2)) x += p; aa = int(aa / 2); bb = int(bb / 2); p *= 2 }
        X[a, b] = x
    }
    h = 2166136261
}
{ lo = h % 256; h = h - lo + X[lo, $1]; h = ((h % 256) * 16777216 + h * 403) % 4294967296 }
END { printf "%08x\n", h }
