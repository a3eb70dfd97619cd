# expect: invalid
# a load waited for by a store reads what the store wrote: dropping the after changes the value
b: i32[4]
i: index in [0, 3]
v: i32
after(load(index(b, i)), store(index(b, i), v)) --> load(index(b, i))
