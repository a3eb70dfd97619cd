#include "ir/intmath.h"

char *im_format(i128 v, char *buf) {
  char tmp[48];
  int n = 0;
  u128 mag = v < 0 ? (u128)0 - (u128)v : (u128)v;
  do {
    tmp[n++] = (char)('0' + (int)(mag % 10));
    mag /= 10;
  } while (mag);
  int k = 0;
  if (v < 0) buf[k++] = '-';
  while (n) buf[k++] = tmp[--n];
  buf[k] = 0;
  return buf;
}
