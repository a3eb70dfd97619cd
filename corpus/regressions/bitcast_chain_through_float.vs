# expect: invalid
# Found by `vsimp rules verify` (rule bitcast_bitcast, before its guard excluded float middles):
# bitcasting an integer through a float is not the identity, because every NaN bit pattern reads back
# as the one canonical NaN. Counterexample: any signalling or payload-carrying NaN pattern.
x: i32
bitcast_i32(bitcast_f32(x)) --> x
