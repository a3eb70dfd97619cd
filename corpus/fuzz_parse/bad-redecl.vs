x: i8
x: i8
x
