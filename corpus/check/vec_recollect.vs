# expect: valid
# gathering every lane of v in order gives v back
v: indexx4
vec(gep(v, 0), gep(v, 1), gep(v, 2), gep(v, 3)) --> v
