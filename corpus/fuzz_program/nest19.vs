# 19 nested single-trip loops: one run folds 16 (the nesting cap), a second run the last 3.
func main(x: index) {
  for v0 in range(0, 1) {
    for v1 in range(0, 1) {
      for v2 in range(0, 1) {
        for v3 in range(0, 1) {
          for v4 in range(0, 1) {
            for v5 in range(0, 1) {
              for v6 in range(0, 1) {
                for v7 in range(0, 1) {
                  for v8 in range(0, 1) {
                    for v9 in range(0, 1) {
                      for v10 in range(0, 1) {
                        for v11 in range(0, 1) {
                          for v12 in range(0, 1) {
                            for v13 in range(0, 1) {
                              for v14 in range(0, 1) {
                                for v15 in range(0, 1) {
                                  for v16 in range(0, 1) {
                                    for v17 in range(0, 1) {
                                      for v18 in range(0, 1) {
                                        call f(x + v0 + v18)
                                      }
                                    }
                                  }
                                }
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}
