# expect: valid
# a loop nest of no iteration changes nothing
b: f32[16]
end(store(index(b, range(0, i)), 1.0), range(0, i)) --> noop
