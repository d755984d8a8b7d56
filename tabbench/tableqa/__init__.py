"""Table-QA helpers shared by the table benchmarks and their rewards (a host service, public API).

``tabbench.tableqa.answers``: answer extraction, normalisation and per-sample scores as the official TableBench
and RealHiTBench scripts compute them (pure functions); ``tabbench.tableqa.execution``: model-written
program-of-thought and chart code run through ``tabbench.sandbox``; ``tabbench.tableqa.extractors``: a
completion's answer as named extractors (the host runs each once per sample). Several plugins use them (tablebench,
realhitbench, the table-QA rewards), so they live in the host rather than in one plugin another imports.
"""
