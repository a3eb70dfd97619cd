# expect: invalid
x: i64
i64(i8(x)) --> x
