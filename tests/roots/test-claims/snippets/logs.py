import os
import sys

# What a library may write on its own: a logger line, and a folder of the machine.
print("W1130 23:26:33.035000 15687 torch/utils/cpp_extension.py:183] No CUDA runtime", file=sys.stderr)
print(os.getcwd())
