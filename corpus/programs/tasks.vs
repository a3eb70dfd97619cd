# Tasks (docs/syntax.md, "Tasks"; docs/pass.md): `(out, tid) = submit kernel(args) deps [...]` is an event
# with its arguments and the task ids it waits for; a task id is an index that dependencies keep alive
# (dead-code removal keeps `t1c`, read only by a dependency); arguments and dependencies are folded.
# `out: T = submit k(...)` is the same event without binding the id (the reference's single-result
# `res = pl.submit(...)`), here in a manual scope (`scope @manual`, the reference's pl.manual_scope).
# Dispatch predicates (`predicate rc[k - 4] > 0`, on a submit or an spmd with its own `deps`) have
# their indices folded and are never decided, though the program wrote the element before.
func main(n: index, a: tensor[[n], f32], rc: tensor[[4], i32]) -> (tensor[[n], f32]) {
  k: index = 4
  (o0: tensor[[n], f32], t0) = submit fill(a, k * 2)
  t1c: index = t0
  (o1: tensor[[n], f32], t1) = submit scale(o0, k + 0) deps [t1c]
  (s: i32, t2) = submit reduce_sum(o1) deps [t0, t1 + 0]
  unused: index = t2 + 1
  call write(rc, 0, 5)
  scope @manual {
    o3: tensor[[k * n], f32] = submit gather(o1, k - 4) deps [t2 * 1] predicate rc[k - 4] > 0
    spmd(k // 2) deps [t2 + 0, t1c] predicate rc[k * 0] != -1 {
      call expert(o3)
    }
  }
  for i in range(0, 1) {
    (o2: tensor[[n], f32], t3) = submit tile(o1, i, helper(i) + 0) deps [t2]
  }
  return o1
}
