# expect: valid
# a pointer into after(B, D) is the element of B once D has run
b: f32[16]
load(index(after(b, store(index(b, 0), 1.5)), 0)) --> 1.5
