# expect-error: 3:21: a dispatch predicate reads an element of a tensor: 'n' is not a visible tensor
func main(n: index) {
  spmd(4) predicate n[0] > 0 {
    call work(n)
  }
}
