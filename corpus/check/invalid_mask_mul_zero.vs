# expect: invalid
# x * 0 --> 0 destroys a validity mask: where m is false the source is INVALID and the target 0
m: bool
x: index
select(m, x, invalid) * 0 --> 0
