"""Understanding a question: cues, name forms, the lexicon, mentions, the parse."""
