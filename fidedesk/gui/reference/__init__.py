"""The Reference tables tab: FIDE's tables of the edition in force, and their charts."""
