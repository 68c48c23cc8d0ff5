/*
 * A stand-in for Windows' bcryptprimitives.dll, for running Go programs
 * under Wine 8 (Debian 12's wine64), which has no such DLL.
 *
 * Go 1.24 and later fill their random numbers from ProcessPrng in
 * bcryptprimitives.dll, loaded from system32 when the runtime starts; a
 * Go windows/amd64 program whose runtime cannot find it exits at once. This
 * DLL exports ProcessPrng with the signature Windows documents,
 *
 *     BOOL WINAPI ProcessPrng(PBYTE pbData, SIZE_T cbData);
 *
 * and fills the buffer from RtlGenRandom (advapi32's SystemFunction036),
 * which Wine implements over the host's random source. Windows'
 * ProcessPrng never fails; this one returns FALSE only if RtlGenRandom
 * does. It is a CI and local-testing aid only (see docs/windows.md): it is
 * never shipped, and a real Windows has its own bcryptprimitives.dll.
 *
 * Build: x86_64-w64-mingw32-gcc -O2 -shared -s -o bcryptprimitives.dll \
 *            processprng.c -ladvapi32
 */
#include <windows.h>

/* RtlGenRandom's real name; the SDK declares it only under its alias. */
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size)
{
    /* RtlGenRandom takes a ULONG length: fill larger requests in chunks. */
    while (size > 0) {
        ULONG n = size > 0x40000000 ? 0x40000000 : (ULONG)size;
        if (!SystemFunction036(data, n))
            return FALSE;
        data += n;
        size -= n;
    }
    return TRUE;
}
