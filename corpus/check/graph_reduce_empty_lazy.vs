# expect: valid
# an iteration that does not run evaluates nothing: no UB from the body of an empty loop
reduce(add, 1 // 0, range(0, r)) --> 0
