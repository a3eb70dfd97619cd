# expect: invalid
# Found by `vsimp rules verify` (rule div_from_sub, since removed): x - x % y can wrap (x = -128,
# y = 3 gives -128 - 1 = 127 at i8), so (x - x % y) // y is not x // y.
x: i8
y: i8
(x - x % y) // y --> x // y
