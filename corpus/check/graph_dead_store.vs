# expect: valid
# storing back the element just loaded changes nothing (store_load_same), even out of bounds: the source
# is UB there
b: u16[8]
i: index
store(index(b, i), load(index(b, i))) --> noop
