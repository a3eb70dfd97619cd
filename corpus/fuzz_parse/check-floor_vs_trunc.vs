# expect: invalid
# truncating and floor division differ for negative dividends
a: i32 in [0, 5]
(a - 2) // 4 --> tdiv(a - 2, 4)
