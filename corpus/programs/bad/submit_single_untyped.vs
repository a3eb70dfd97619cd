# expect-error: 3:3: annotate the task's result, as in out: i32 = submit k(...)
func main(a: tensor[[4], f32]) {
  r = submit fill(a)
}
