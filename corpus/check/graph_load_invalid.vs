# intended: valid (not yet an `expect:` line: to be confirmed once vsimp check runs graph cases)
# a load of a masked pointer is 0 of the dtype (+0.0)
b: f32[4]
load(index(b, invalid)) --> 0.0
