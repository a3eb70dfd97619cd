# expect: valid
# nested masks merge (invalid_merge); the lazy select(a, b, false) evaluates b only where a holds
a: bool
b: bool
x: index
select(a, select(b, x, invalid), invalid) --> select(select(a, b, false), x, invalid)
