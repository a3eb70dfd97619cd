# expect-error: 4:3: type mismatch
func main() {
  x: index = 1
  x: i32 = 2
}
