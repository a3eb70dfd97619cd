# expect: invalid
# INVALID is no integer: INVALID - INVALID is INVALID, not 0 (why x - x => 0 never binds a masked index)
invalid - invalid --> 0
