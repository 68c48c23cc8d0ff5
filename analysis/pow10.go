package analysis

// pow10 are the powers of ten an int64 holds, 10^0 to 10^18.
var pow10 = [...]int64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18}

// Pow10 returns 10^n for 0 ≤ n ≤ 18, for int64 arithmetic on decimals (the
// fixed-point sums here, toolkit.Money's cents).
func Pow10(n int) int64 { return pow10[n] }
