# expect: valid
# gep_select: a lane of a select is the select of that lane; the target may pick a lane of a // b that
# is UB where the source's select is UB only if some lane picks the UB operand (docs/semantics.md)
m: boolx4
a: i32x4
b: i32x4
gep(select(m, a // b, a), [2, 0]) --> select(gep(m, [2, 0]), gep(a // b, [2, 0]), gep(a, [2, 0]))
