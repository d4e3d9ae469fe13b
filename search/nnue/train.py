#!/usr/bin/python3
"""Trains a ratnik net (search/nnue/nnue_format.h) from the features that
`ratnik net-features` writes for datagen positions.

The loss blends the search score and the game result, both seen from the
side to move and mapped to a win probability:
    target = lam * sigmoid(score / SCALE) + (1 - lam) * result
    loss   = mean((sigmoid(net) - target) ** 2)
with the net's output in units of SCALE centipawns. Weights of the small
layers are kept inside what int8 holds once quantised, so the integer
engine computes the float net up to rounding (reported at the end).

Deterministic for a seed and a thread count (--threads, default 1).
Progress and losses go to stderr. Debian's python3-torch (1.13) only.
"""
import argparse
import struct
import sys
import time

import numpy as np
import torch

QA, QB = 127, 64
SCALE = 400  # centipawns per unit of output; written as out_scale
VERSION = 1


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def read_features(path):
    with open(path, "rb") as f:
        head = f.read(32)
        if head[:8] != b"RNFEAT1\0":
            sys.exit(f"train.py: {path} is not a net-features file")
        inputs, k, count = struct.unpack_from("<III", head, 8)
        shape = struct.unpack_from("<BBBB", head, 20)
        dtype = np.dtype([("score", "<f4"), ("result", "<f4"), ("side", "u1"), ("pad", "u1"), ("n", "<u2"),
                          ("w", "<u2", (k,)), ("b", "<u2", (k,))])
        values = np.fromfile(f, dtype="<i4", count=inputs)
        data = np.fromfile(f, dtype=dtype, count=count)
    if len(data) != count:
        sys.exit(f"train.py: {path} is truncated ({len(data)} of {count} records)")
    return inputs, shape, values, data


class Net(torch.nn.Module):
    def __init__(self, inputs, hidden, l2, values):
        super().__init__()
        self.inputs = inputs
        self.ft = torch.nn.EmbeddingBag(inputs + 1, hidden, mode="sum", padding_idx=inputs)
        # The linear path starts as the piece table's material count.
        self.psqt = torch.nn.EmbeddingBag(inputs + 1, 1, mode="sum", padding_idx=inputs)
        self.ft_bias = torch.nn.Parameter(torch.zeros(hidden))
        self.l1 = torch.nn.Linear(2 * hidden, l2)
        self.out = torch.nn.Linear(l2, 1)
        with torch.no_grad():
            self.ft.weight.normal_(0, 0.05)
            self.ft.weight[inputs].zero_()
            self.ft_bias.fill_(0.1)
            self.psqt.weight[:inputs, 0] = torch.from_numpy(values.astype(np.float32)) / SCALE
            self.psqt.weight[inputs].zero_()

    def forward(self, w, b, stm_white):
        aw = self.ft(w) + self.ft_bias
        ab = self.ft(b) + self.ft_bias
        s = stm_white.unsqueeze(1)
        x = torch.cat([s * aw + (1 - s) * ab, s * ab + (1 - s) * aw], dim=1)
        x = torch.clamp(x, 0, 1)
        h = torch.clamp(self.l1(x), 0, 1)
        pw, pb = self.psqt(w).squeeze(1), self.psqt(b).squeeze(1)
        linear = (stm_white * (pw - pb) + (1 - stm_white) * (pb - pw)) / 2
        return self.out(h).squeeze(1) + linear

    def clip(self):
        lim = 127 / QB
        with torch.no_grad():
            self.l1.weight.clamp_(-lim, lim)
            self.out.weight.clamp_(-lim, lim)
            # The accumulator is int16 in units of 1/QA: keep each weight
            # small enough that no realistic sum of them overflows.
            self.ft.weight.clamp_(-6, 6)


def tensors(data, inputs):
    w = torch.from_numpy(data["w"].astype(np.int64))
    b = torch.from_numpy(data["b"].astype(np.int64))
    w[w == 0xFFFF] = inputs
    b[b == 0xFFFF] = inputs
    white = torch.from_numpy((data["side"] == 0).astype(np.float32))
    sign = white * 2 - 1
    score = torch.from_numpy(np.clip(data["score"], -4000, 4000)) * sign
    result = torch.from_numpy(data["result"])
    result = white * result + (1 - white) * (1 - result)
    return w, b, white, score, result


def loss_of(net, batch, lam):
    w, b, white, score, result = batch
    target = lam * torch.sigmoid(score / SCALE) + (1 - lam) * result
    return torch.mean((torch.sigmoid(net(w, b, white)) - target) ** 2)


def quantise(net):
    H = net.ft_bias.shape[0]
    ft_w = torch.round(net.ft.weight[: net.inputs] * QA).to(torch.int64)
    ft_b = torch.round(net.ft_bias * QA).to(torch.int64)
    l1_w = torch.clamp(torch.round(net.l1.weight * QB), -127, 127).to(torch.int64)
    l1_b = torch.round(net.l1.bias * QA * QB).to(torch.int64)
    out_w = torch.clamp(torch.round(net.out.weight[0] * QB), -127, 127).to(torch.int64)
    out_b = torch.round(net.out.bias * QA * QB).to(torch.int64)
    psqt = torch.round(net.psqt.weight[: net.inputs, 0] * QA * QB).to(torch.int64)
    return dict(H=H, ft_w=ft_w, ft_b=ft_b, psqt=psqt, l1_w=l1_w, l1_b=l1_b, out_w=out_w, out_b=out_b)


def int_eval(q, w, b, white, inputs):
    """The engine's integer inference (nnue_infer.c), in centipawns for the side to move."""
    table = torch.cat([q["ft_w"], torch.zeros(1, q["H"], dtype=torch.int64)])
    aw = table[w].sum(1) + q["ft_b"]
    ab = table[b].sum(1) + q["ft_b"]
    s = white.to(torch.int64).unsqueeze(1)
    x = torch.clamp(torch.cat([s * aw + (1 - s) * ab, s * ab + (1 - s) * aw], 1), 0, QA)
    pre = x @ q["l1_w"].T + q["l1_b"]
    h = torch.clamp(torch.div(pre, QB, rounding_mode="trunc"), 0, QA)
    ptable = torch.cat([q["psqt"], torch.zeros(1, dtype=torch.int64)])
    pw, pb = ptable[w].sum(1), ptable[b].sum(1)
    si = s.squeeze(1)
    linear = torch.div(si * (pw - pb) + (1 - si) * (pb - pw), 2, rounding_mode="trunc")
    out = h @ q["out_w"] + q["out_b"] + linear
    return torch.div(out * SCALE, QA * QB, rounding_mode="trunc")


def fnv1a(data):
    h = 2166136261
    for byte in data:
        h = ((h ^ byte) * 16777619) & 0xFFFFFFFF
    return h


def write_net(path, variant, shape, q, inputs):
    H, L = q["H"], q["l1_w"].shape[0]
    acc_max = int(q["ft_w"].abs().max()) * 40 + int(q["ft_b"].abs().max())
    if acc_max > 32767:
        log(f"train.py: warning: 40 of the largest weights would reach {acc_max} in the int16 accumulator")
    payload = b"".join([
        q["ft_b"].numpy().astype("<i2").tobytes(),
        q["ft_w"].numpy().astype("<i2").tobytes(),
        q["psqt"].numpy().astype("<i4").tobytes(),
        q["l1_b"].numpy().astype("<i4").tobytes(),
        q["l1_w"].numpy().astype("i1").tobytes(),
        q["out_b"].numpy().astype("<i4").tobytes(),
        q["out_w"].numpy().astype("i1").tobytes(),
    ])
    files, ranks, pt, slots = shape
    head = struct.pack("<8sI16sBBBBIHHHHII12s", b"RATNIKNN", VERSION, variant.encode(), files, ranks, pt, slots, inputs,
                       H, L, SCALE, 0, len(payload), fnv1a(payload), b"")
    assert len(head) == 64
    with open(path, "wb") as f:
        f.write(head + payload)
    return len(head) + len(payload)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--features", required=True, help="output of ratnik net-features")
    ap.add_argument("--variant", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--l2", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--lam", type=float, default=0.75, help="weight of the score against the result")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    inputs, shape, values, data = read_features(a.features)
    gen = torch.Generator().manual_seed(a.seed)
    order = torch.randperm(len(data), generator=gen).numpy()
    nval = max(1, len(data) // 20)
    val = tensors(data[order[:nval]], inputs)
    train = tensors(data[order[nval:]], inputs)
    ntrain = len(train[0])
    log(f"train.py {a.variant}: {ntrain} training and {nval} validation positions, {inputs} inputs, "
        f"{a.hidden}x2-{a.l2}-1, lambda {a.lam}, seed {a.seed}")
    net = Net(inputs, a.hidden, a.l2, values)
    opt = torch.optim.Adam(net.parameters(), lr=a.lr)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=max(1, a.epochs // 3), gamma=0.3)
    t0 = time.time()
    for epoch in range(a.epochs):
        perm = torch.randperm(ntrain, generator=gen)
        total, batches = 0.0, 0
        for i in range(0, ntrain, a.batch):
            idx = perm[i:i + a.batch]
            loss = loss_of(net, [t[idx] for t in train], a.lam)
            opt.zero_grad()
            loss.backward()
            opt.step()
            net.clip()
            total += loss.item()
            batches += 1
        sched.step()
        with torch.no_grad():
            vloss = loss_of(net, val, a.lam).item()
        log(f"epoch {epoch + 1}/{a.epochs}: train loss {total / batches:.5f}, validation loss {vloss:.5f} "
            f"({time.time() - t0:.0f} s)")
    with torch.no_grad():
        q = quantise(net)
        w, b, white = val[0], val[1], val[2]
        fl = net(w, b, white) * SCALE
        # In slices: int_eval gathers one int64 row of the first layer per
        # feature, which for a whole validation set is gigabytes.
        parts = [int_eval(q, *(t[i:i + 4096] for t in (w, b, white)), inputs) for i in range(0, len(w), 4096)]
        ip = torch.cat(parts).to(torch.float32)
        diff = (fl - ip).abs()
    log(f"quantised against float on the validation set: mean |diff| {diff.mean():.2f} cp, max {diff.max():.1f} cp")
    size = write_net(a.out, a.variant, shape, q, inputs)
    log(f"wrote {a.out} ({size} bytes)")


if __name__ == "__main__":
    main()
