"""0.1.0's ``tabbench.voting``, now ``tabbench.evaluation.voting``: its names work until 0.3.0, each with a
``DeprecationWarning`` naming the new one (``docs/api.md``)."""

from tabbench.contract.deprecation import TABLES, module_getattr, moved
from tabbench.evaluation import voting as _new

# each old name is the new module's; one the new module also retired is its entry (the same behaviour kept)
_OLD = {**moved(_new, (
    "Candidate", "Denotation", "METHODS", "VOTE_MAX_ROWS", "VOTE_TIMEOUT", "VoteOutcome", "answer_key", "candidates",
    "chooser", "database_of", "decide", "denotation_similarity", "majority", "most_similar", "result_key",
    "similarity_scores", "text_denotation", "vote", "vote_outcome")), **TABLES[_new.__name__]}
__all__ = sorted(_OLD)  # ``from tabbench.voting import *``: 0.1's names, each warning
__getattr__ = module_getattr(__name__, _OLD)
