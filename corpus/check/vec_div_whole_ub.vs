# expect: valid
# one zero lane of w makes v // w UB as a whole, so the source is defined only when every lane of w is
# nonzero (docs/semantics.md, "Vectors")
v: i32x2
w: i32x2
gep(v // w, 0) --> gep(v, 0) // gep(w, 0)
