# expect: valid
x: index in [0, 1000]
y: index in [0, 3]
(x * 4 + y) // 4 --> x
