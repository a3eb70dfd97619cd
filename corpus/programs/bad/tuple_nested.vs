# expect-error: 2:25: a tuple's elements are scalars, tensors or tiles
func main(t: tuple[i32, tuple[f32]]) {
  call f(t)
}
