# expect: valid
# a select that guards a load is a masked load (where_on_load): both are 0 where m is false
b: f32[16]
m: bool
i: index
select(m, load(index(b, i)), 0.0) --> load(index(b, select(m, i, invalid)))
