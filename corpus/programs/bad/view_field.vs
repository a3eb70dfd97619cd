# expect-error: 2:50: 'start_offset' is not a field of a tensor view
func main(t: tensor[[4, 8], f32, view(layout=dn, start_offset=0)]) {
  call f(t)
}
