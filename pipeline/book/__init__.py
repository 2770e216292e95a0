"""The stages of a build, in the order data flows through them: config, plan, run (with the checkpoint
store), verify, then typeset; build.py ties them together."""
