# expect-error: 3:33: a submit binds two results, the task's result and its id
func main(a: tensor[[4], f32]) {
  (r: i32, tid, extra: index) = submit fill(a)
}
