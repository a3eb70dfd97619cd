# expect: invalid
# where the store is defined (i < 4) it changes b, and noop does not
b: u8[4]
i: index in [0, 4]
store(index(b, i), 1) --> noop
