# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolicRealWorld.test_resnet_half[0]
gidx0: index in [0, 3]
gidx1: index in [0, 127]
gidx2: index in [0, 7]
lidx3: index in [0, 7]
lidx4: index in [0, 1]
lidx5: index in [0, 15]
(1 + lidx5) % 16 * 49 + (262145 + lidx5) // 16 * 802816 + gidx0 * 3211264 + gidx1 * 784 + gidx2 * 8 + lidx4 * 100352 + -13151129600 + lidx3 --> lidx3 + ((lidx5 + 1) // 16 * 802816 + (lidx5 + 1) % 16 * 49 + gidx0 * 3211264 + gidx1 * 784 + gidx2 * 8 + lidx4 * 100352) + 2207744
