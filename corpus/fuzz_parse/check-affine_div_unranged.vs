# expect: invalid
x: index in [0, 1000]
y: index
(x * 4 + y) // 4 --> x
