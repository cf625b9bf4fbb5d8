import torch as t
from torch.autograd import Variable as v
m = v(t.FloatTensor([[2, 3]]), requires_grad=True) # requires_grad表示需要记住梯度，即叶节点。
m.grad.data.zero_() # 梯度清除
