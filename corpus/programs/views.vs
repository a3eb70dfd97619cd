# Tensor views, tiles and tuples: every expression a type carries (shape, stride, valid shape, start
# offset, a tuple's elements') is folded like a shape; a variable read only by a type stays; an
# as_layout to the operand's own layout becomes an alias, and so does a view to it (`view(x,
# layout=nd)`, the type derived); a view with a shape (of a distributed tensor here) keeps its
# operand and has its shape and derived strides folded.
func main(n: index in [1, 64], x: tensor[[n, 64], f32], c: bool, d: dtensor[[n, 8, 4], f16]) -> (tuple[i32, tensor[[n, 64], f32]]) {
  k: index = 16
  r: index = n * 1
  same: tensor[[n, 64], f32, view(stride=[k * 4, 1], layout=nd)] = call as_layout(x)
  alias = call view(x, layout=nd)
  flat = call view(d, [n * (k * 2)], layout=nd)
  dn = call view(d, [n, k // 4, 8], layout=dn)
  call use(alias, flat, dn)
  flip: tensor[[64, n], f32, view(stride=[1, 64], layout=dn, valid_shape=[64, r + 0], pad=zero)] = call as_layout(x)
  (acc: tile[[k, k], f32, view(valid_shape=[k, k - 0], stride=[k, 1], start_offset=0, blayout=row_major)]) = for i in range(0, n) iter (a: tile[[16, 16], f32, view(valid_shape=[k, k - 0], stride=[k, 1], start_offset=0, blayout=row_major)] = call tile_zero()) {
    off: index = i * k
    t: tile[[k, 16], f32, view(valid_shape=[min(k, n - i), 16], stride=[16, 1], start_offset=off, slayout=col_major, fractal=1024)] = call load(same, i)
    yield call mac(a, t)
  }
  (res: tuple[i32, tensor[[n, 64], f32]]) = if c {
    yield call pack(acc, flip)
  } else {
    yield call pack(acc, x)
  }
  return res
}
