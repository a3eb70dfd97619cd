# intended: valid (not yet an `expect:` line: to be confirmed once vsimp check runs graph cases)
# a store to a masked pointer does nothing
b: i32[4]
store(index(b, invalid), 5) --> noop
