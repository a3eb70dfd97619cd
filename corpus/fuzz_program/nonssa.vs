# A program that is not in SSA form: reassigned variables are never propagated.
func main(c: bool, x: i32) -> (i32) {
  y: i32 = 1
  if c { y = 2 }
  call h(y)
  z: i32 = x
  z = z + 1
  k: i32 = 7
  return z + k + y
}
