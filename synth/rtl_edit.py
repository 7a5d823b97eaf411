# SPDX-License-Identifier: Apache-2.0
"""A text edit of a copy of the sources that must match exactly once, so
that an edit whose original text changed is an error, not a silent no-op:
the mutants (sim/mutate.py), the formal negative checks (formal/run_formal.py
"mutate"), the area attribution (synth/area_attrib.py) and the change
checks' scripted edits (sim/scratch.py edit). Each caller
reports a count other than 1 in its own words. Imports nothing of the flows
(in synth/, which sim/ and formal/ scripts already put on their path)."""


def replace_once(path, old, new):
    """Counts old in file path and, only when it occurs exactly once,
    rewrites the file with it replaced by new. -> the count."""
    with open(path) as f:
        text = f.read()
    n = text.count(old)
    if n == 1:
        with open(path, "w") as f:
            f.write(text.replace(old, new))
    return n
