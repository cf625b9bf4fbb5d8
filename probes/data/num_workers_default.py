"""With num_workers=0, the default, a DataLoader loads every sample in the main process, as
each batch is asked for: between the training steps, not ahead of them."""

import os
import threading

import torch
from torch.utils.data import DataLoader, get_worker_info


class Recorder:
    """Records where and when each sample was loaded."""

    def __init__(self, n, log):
        self.n, self.log = n, log

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        self.log.append(("load", i, os.getpid(), threading.get_ident(), get_worker_info()))
        return torch.tensor(i)


def case_default_is_zero():
    """DataLoader(dataset).num_workers with no argument"""
    assert DataLoader(Recorder(1, [])).num_workers == 0


def case_main_process_main_thread():
    """every sample of an epoch of 10, in batches of 4 and shuffled"""
    log = []
    loader = DataLoader(
        Recorder(10, log), batch_size=4, shuffle=True, generator=torch.Generator().manual_seed(0)
    )
    list(loader)
    where = {(pid, thread, info) for _, _, pid, thread, info in log}
    assert len(log) == 10, f"{len(log)} loads"
    assert where == {(os.getpid(), threading.get_ident(), None)}, f"loaded in {where}"


def case_loaded_between_steps():
    """the batches are loaded one at a time, each after the step on the one before"""
    log = []
    for step, _batch in enumerate(DataLoader(Recorder(6, log), batch_size=2)):
        log.append(("step", step))
    order = [entry[0] if entry[0] == "step" else "load" for entry in log]
    assert order == ["load", "load", "step"] * 3, f"order {order}"


def case_pin_memory():
    """pin_memory=True: pinning may use a thread of its own, the loading does not"""
    log = []
    list(DataLoader(Recorder(4, log), batch_size=2, pin_memory=True))
    where = {(entry[2], entry[3]) for entry in log}
    assert where == {(os.getpid(), threading.get_ident())}, f"loaded in {where}"
