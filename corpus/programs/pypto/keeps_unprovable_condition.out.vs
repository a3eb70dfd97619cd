# vsimp's expected output: more than the reference: the branch condition i == 0 fixes i, so the then branch writes constants; the if stays
func main(out: tensor[[8], index]) {
  for i in range(0, 8) {
    if i == 0 {
      call write(out, 0, 1)
    } else {
      b: index = i + 2
      call write(out, i, b)
    }
  }
}
