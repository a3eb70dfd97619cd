# expect: valid
x: i64
-(-x) --> x
