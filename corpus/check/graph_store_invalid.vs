# expect: valid
# a store to a masked pointer does nothing
b: i32[4]
store(index(b, invalid), 5) --> noop
