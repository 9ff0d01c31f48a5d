"""File › Print Preview, Print, Export PDF and Export Web Pages: the documents of :mod:`fidedesk.publish.documents`
chosen (:mod:`.chooser`), made off the GUI thread and painted with QPainter (:mod:`.painter`), or written by
the PDF and web writers of :mod:`fidedesk.io` (:mod:`.actions`)."""
