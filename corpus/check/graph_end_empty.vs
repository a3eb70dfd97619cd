# expect: valid
# a loop of no iteration does nothing (end_empty); its body, run once, would store (graph_end_empty_wrong.vs)
b: i32[4]
n: index in [-4, 0]
end(store(index(b, range(n, r)), 1), range(n, r)) --> noop
