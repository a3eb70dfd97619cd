# expect: valid
# a load after a store to the same element reads the stored value
b: i32[8]
i: index in [0, 7]
v: i32
after(load(index(b, i)), store(index(b, i), v)) --> v
