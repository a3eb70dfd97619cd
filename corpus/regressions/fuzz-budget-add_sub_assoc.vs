# fuzz finding: budget (engine oracle)
# detail: the rule budget ran out (rules that undo each other?)
# signature: budget:add_sub_assoc,add_swap,sub_const_add
# rules: add_sub_assoc add_swap sub_const_add
# Found by the first fuzz campaign, against an intermediate catalog in which add_sub_assoc
# (x + (y - z) => (x + y) - z) also took a constant x: with add_swap and sub_const_add it turned
# c + (x - y) into (c + x) - y, (x + c) - y, (x - y) + c and back, forever. Fixed by `!is_const(x)` in
# add_sub_assoc. Reduced by hand from the campaign's case (the reducer needs the bug present).
# `vsimp fuzz FILE` replays the source through every oracle: it must pass once fixed.
x: i16
y: i16
3 + (x - y)
