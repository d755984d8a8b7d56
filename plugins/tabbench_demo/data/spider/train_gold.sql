SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast tool 47'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast tool 47'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast tool 47'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Ghent'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Ghent'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Ghent'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'books' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'books' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'books' AND T1.year = 2021	shop
SELECT name FROM products WHERE category = 'games' ORDER BY price DESC LIMIT 1	shop
SELECT name FROM products WHERE category = 'games' ORDER BY price DESC LIMIT 1	shop
SELECT name FROM products WHERE category = 'games' ORDER BY price DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Ghent'	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Ghent'	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Ghent'	shop
SELECT COUNT(*) FROM students WHERE city = 'Oslo'	school
SELECT COUNT(*) FROM students WHERE city = 'Oslo'	school
SELECT COUNT(*) FROM students WHERE city = 'Oslo'	school
SELECT title FROM courses WHERE department = 'biology'	school
SELECT title FROM courses WHERE department = 'biology'	school
SELECT title FROM courses WHERE department = 'biology'	school
SELECT COUNT(*) FROM students WHERE grade = 6	school
SELECT COUNT(*) FROM students WHERE grade = 6	school
SELECT COUNT(*) FROM students WHERE grade = 6	school
SELECT credits FROM courses WHERE title = 'Seminar in mathematics'	school
SELECT credits FROM courses WHERE title = 'Seminar in mathematics'	school
SELECT credits FROM courses WHERE title = 'Seminar in mathematics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in mathematics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in mathematics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in mathematics'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2022	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Seminar in physics' ORDER BY T1.score DESC LIMIT 1	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Seminar in physics' ORDER BY T1.score DESC LIMIT 1	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Seminar in physics' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE genre = 'fantasy'	library
SELECT COUNT(*) FROM books WHERE genre = 'fantasy'	library
SELECT COUNT(*) FROM books WHERE genre = 'fantasy'	library
SELECT COUNT(*) FROM books WHERE published > 1990	library
SELECT COUNT(*) FROM books WHERE published > 1990	library
SELECT COUNT(*) FROM books WHERE published > 1990	library
SELECT name FROM authors WHERE country = 'Brazil'	library
SELECT name FROM authors WHERE country = 'Brazil'	library
SELECT name FROM authors WHERE country = 'Brazil'	library
SELECT pages FROM books WHERE title = 'The Window 13'	library
SELECT pages FROM books WHERE title = 'The Window 13'	library
SELECT pages FROM books WHERE title = 'The Window 13'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Valencia' AND year = 2022	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Valencia' AND year = 2022	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Valencia' AND year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 76'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 76'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 76'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Egypt'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Egypt'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Egypt'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'drama' AND T1.branch_city = 'Porto'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'drama' AND T1.branch_city = 'Porto'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'drama' AND T1.branch_city = 'Porto'	library
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 55	shop
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 55	shop
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 55	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Porto' AND T1.year = 2023	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Porto' AND T1.year = 2023	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Porto' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small tool 39' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small tool 39' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small tool 39' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' AND T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' AND T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' AND T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 8	school
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 8	school
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 8	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in history' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in history' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in history' AND T1.year = 2020	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2021	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2021	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 87' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 87' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 87' AND T1.year = 2021	library
SELECT COUNT(*) FROM books WHERE genre = 'fantasy' AND published > 2000	library
SELECT COUNT(*) FROM books WHERE genre = 'fantasy' AND published > 2000	library
SELECT COUNT(*) FROM books WHERE genre = 'fantasy' AND published > 2000	library
SELECT COUNT(*) FROM customers WHERE city = 'Vienna'	shop
SELECT COUNT(*) FROM customers WHERE city = 'Vienna'	shop
SELECT COUNT(*) FROM customers WHERE city = 'Vienna'	shop
SELECT name FROM products WHERE category = 'toys'	shop
SELECT name FROM products WHERE category = 'toys'	shop
SELECT name FROM products WHERE category = 'toys'	shop
SELECT COUNT(*) FROM customers WHERE age > 40	shop
SELECT COUNT(*) FROM customers WHERE age > 40	shop
SELECT COUNT(*) FROM customers WHERE age > 40	shop
SELECT price FROM products WHERE name = 'Big kitchen 28'	shop
SELECT price FROM products WHERE name = 'Big kitchen 28'	shop
SELECT price FROM products WHERE name = 'Big kitchen 28'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue sport 14'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue sport 14'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue sport 14'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Krakow'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Krakow'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Krakow'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'garden' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'garden' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'garden' AND T1.year = 2019	shop
SELECT name FROM products WHERE category = 'sports' ORDER BY price DESC LIMIT 1	shop
SELECT name FROM products WHERE category = 'sports' ORDER BY price DESC LIMIT 1	shop
SELECT name FROM products WHERE category = 'sports' ORDER BY price DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Bergen'	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Bergen'	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Bergen'	shop
SELECT COUNT(*) FROM students WHERE city = 'Dublin'	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin'	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin'	school
SELECT title FROM courses WHERE department = 'chemistry'	school
SELECT title FROM courses WHERE department = 'chemistry'	school
SELECT title FROM courses WHERE department = 'chemistry'	school
SELECT COUNT(*) FROM students WHERE grade = 2	school
SELECT COUNT(*) FROM students WHERE grade = 2	school
SELECT COUNT(*) FROM students WHERE grade = 2	school
SELECT credits FROM courses WHERE title = 'Advanced art'	school
SELECT credits FROM courses WHERE title = 'Advanced art'	school
SELECT credits FROM courses WHERE title = 'Advanced art'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in physics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in physics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in physics'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2021	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2021	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2021	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Intro to physics' ORDER BY T1.score DESC LIMIT 1	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Intro to physics' ORDER BY T1.score DESC LIMIT 1	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Intro to physics' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE genre = 'travel'	library
SELECT COUNT(*) FROM books WHERE genre = 'travel'	library
SELECT COUNT(*) FROM books WHERE genre = 'travel'	library
SELECT COUNT(*) FROM books WHERE published > 2010	library
SELECT COUNT(*) FROM books WHERE published > 2010	library
SELECT COUNT(*) FROM books WHERE published > 2010	library
SELECT name FROM authors WHERE country = 'Ghana'	library
SELECT name FROM authors WHERE country = 'Ghana'	library
SELECT name FROM authors WHERE country = 'Ghana'	library
SELECT pages FROM books WHERE title = 'The Letter 15'	library
SELECT pages FROM books WHERE title = 'The Letter 15'	library
SELECT pages FROM books WHERE title = 'The Letter 15'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Valencia' AND year = 2021	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Valencia' AND year = 2021	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Valencia' AND year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Brazil'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Brazil'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Brazil'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'drama' AND T1.branch_city = 'Bergen'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'drama' AND T1.branch_city = 'Bergen'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'drama' AND T1.branch_city = 'Bergen'	library
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 35	shop
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 35	shop
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 35	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Ghent' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Ghent' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Ghent' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small toy 40' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small toy 40' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small toy 40' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Lyon'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Lyon'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Lyon'	shop
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 2	school
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 2	school
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 2	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced biology' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced biology' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced biology' AND T1.year = 2022	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'art' AND T1.year = 2022	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'art' AND T1.year = 2022	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'art' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11' AND T1.year = 2022	library
SELECT COUNT(*) FROM books WHERE genre = 'travel' AND published > 1970	library
SELECT COUNT(*) FROM books WHERE genre = 'travel' AND published > 1970	library
SELECT COUNT(*) FROM books WHERE genre = 'travel' AND published > 1970	library
SELECT COUNT(*) FROM customers WHERE city = 'Bergen'	shop
SELECT COUNT(*) FROM customers WHERE city = 'Bergen'	shop
SELECT COUNT(*) FROM customers WHERE city = 'Bergen'	shop
SELECT name FROM products WHERE category = 'garden'	shop
SELECT name FROM products WHERE category = 'garden'	shop
SELECT name FROM products WHERE category = 'garden'	shop
SELECT COUNT(*) FROM customers WHERE age > 70	shop
SELECT COUNT(*) FROM customers WHERE age > 70	shop
SELECT COUNT(*) FROM customers WHERE age > 70	shop
SELECT price FROM products WHERE name = 'Blue kitchen 12'	shop
SELECT price FROM products WHERE name = 'Blue kitchen 12'	shop
SELECT price FROM products WHERE name = 'Blue kitchen 12'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green game 18'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green game 18'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green game 18'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Oslo'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Oslo'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Oslo'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'tools' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'tools' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'tools' AND T1.year = 2021	shop
SELECT name FROM products WHERE category = 'garden' ORDER BY price DESC LIMIT 1	shop
SELECT name FROM products WHERE category = 'garden' ORDER BY price DESC LIMIT 1	shop
SELECT name FROM products WHERE category = 'garden' ORDER BY price DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Turin'	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Turin'	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Turin'	shop
SELECT COUNT(*) FROM students WHERE city = 'Lyon'	school
SELECT COUNT(*) FROM students WHERE city = 'Lyon'	school
SELECT COUNT(*) FROM students WHERE city = 'Lyon'	school
SELECT COUNT(*) FROM students WHERE grade = 10	school
SELECT COUNT(*) FROM students WHERE grade = 10	school
SELECT COUNT(*) FROM students WHERE grade = 10	school
SELECT credits FROM courses WHERE title = 'Advanced biology'	school
SELECT credits FROM courses WHERE title = 'Advanced biology'	school
SELECT credits FROM courses WHERE title = 'Advanced biology'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced history'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced history'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced history'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2020	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Topics in history' ORDER BY T1.score DESC LIMIT 1	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Topics in history' ORDER BY T1.score DESC LIMIT 1	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Topics in history' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE genre = 'history'	library
SELECT COUNT(*) FROM books WHERE genre = 'history'	library
SELECT COUNT(*) FROM books WHERE genre = 'history'	library
SELECT COUNT(*) FROM books WHERE published > 1960	library
SELECT COUNT(*) FROM books WHERE published > 1960	library
SELECT COUNT(*) FROM books WHERE published > 1960	library
SELECT name FROM authors WHERE country = 'France'	library
SELECT name FROM authors WHERE country = 'France'	library
SELECT name FROM authors WHERE country = 'France'	library
SELECT pages FROM books WHERE title = 'The Garden 54'	library
SELECT pages FROM books WHERE title = 'The Garden 54'	library
SELECT pages FROM books WHERE title = 'The Garden 54'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Ghent' AND year = 2022	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Ghent' AND year = 2022	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Ghent' AND year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Canada'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Canada'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Canada'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Basel'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Basel'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Basel'	library
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 30	shop
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 30	shop
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 30	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Dublin' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Dublin' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Dublin' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small game 34' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small game 34' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small game 34' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM students WHERE city = 'Valencia' AND grade = 8	school
SELECT COUNT(*) FROM students WHERE city = 'Valencia' AND grade = 8	school
SELECT COUNT(*) FROM students WHERE city = 'Valencia' AND grade = 8	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in physics' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in physics' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in physics' AND T1.year = 2022	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2023	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2023	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 46' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 46' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 46' AND T1.year = 2019	library
SELECT COUNT(*) FROM books WHERE genre = 'history' AND published > 2005	library
SELECT COUNT(*) FROM books WHERE genre = 'history' AND published > 2005	library
SELECT COUNT(*) FROM books WHERE genre = 'history' AND published > 2005	library
SELECT COUNT(*) FROM customers WHERE city = 'Porto'	shop
SELECT COUNT(*) FROM customers WHERE city = 'Porto'	shop
SELECT COUNT(*) FROM customers WHERE city = 'Porto'	shop
SELECT COUNT(*) FROM customers WHERE age > 60	shop
SELECT COUNT(*) FROM customers WHERE age > 60	shop
SELECT COUNT(*) FROM customers WHERE age > 60	shop
SELECT price FROM products WHERE name = 'Green game 18'	shop
SELECT price FROM products WHERE name = 'Green game 18'	shop
SELECT price FROM products WHERE name = 'Green game 18'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small music 37'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small music 37'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small music 37'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Turin'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Turin'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Turin'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'toys' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'toys' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'toys' AND T1.year = 2022	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Dublin'	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Dublin'	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM students WHERE city = 'Basel'	school
SELECT COUNT(*) FROM students WHERE city = 'Basel'	school
SELECT COUNT(*) FROM students WHERE city = 'Basel'	school
SELECT COUNT(*) FROM students WHERE grade = 11	school
SELECT COUNT(*) FROM students WHERE grade = 11	school
SELECT COUNT(*) FROM students WHERE grade = 11	school
SELECT credits FROM courses WHERE title = 'Topics in art'	school
SELECT credits FROM courses WHERE title = 'Topics in art'	school
SELECT credits FROM courses WHERE title = 'Topics in art'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to physics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to physics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to physics'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'chemistry' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'chemistry' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'chemistry' AND T1.year = 2020	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Seminar in biology' ORDER BY T1.score DESC LIMIT 1	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Seminar in biology' ORDER BY T1.score DESC LIMIT 1	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Seminar in biology' ORDER BY T1.score DESC LIMIT 1	school
SELECT pages FROM books WHERE title = 'The Forest 19'	library
SELECT pages FROM books WHERE title = 'The Forest 19'	library
SELECT pages FROM books WHERE title = 'The Forest 19'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Oslo' AND year = 2022	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Oslo' AND year = 2022	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Oslo' AND year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Krakow'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Krakow'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Krakow'	library
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 40	shop
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 40	shop
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 40	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Porto' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Porto' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Porto' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small toy 40' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small toy 40' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small toy 40' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Ghent'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Ghent'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Ghent'	shop
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 4	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 4	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 4	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in biology' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in biology' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in biology' AND T1.year = 2020	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2020	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2020	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2020	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38' AND T1.year = 2021	library
SELECT COUNT(*) FROM books WHERE genre = 'fantasy' AND published > 1990	library
SELECT COUNT(*) FROM books WHERE genre = 'fantasy' AND published > 1990	library
SELECT COUNT(*) FROM books WHERE genre = 'fantasy' AND published > 1990	library
SELECT price FROM products WHERE name = 'Big game 26'	shop
SELECT price FROM products WHERE name = 'Big game 26'	shop
SELECT price FROM products WHERE name = 'Big game 26'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red game 2'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red game 2'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red game 2'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'books' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'books' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'books' AND T1.year = 2023	shop
SELECT credits FROM courses WHERE title = 'Seminar in history'	school
SELECT credits FROM courses WHERE title = 'Seminar in history'	school
SELECT credits FROM courses WHERE title = 'Seminar in history'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2019	school
SELECT pages FROM books WHERE title = 'The Mirror 76'	library
SELECT pages FROM books WHERE title = 'The Mirror 76'	library
SELECT pages FROM books WHERE title = 'The Mirror 76'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Lyon' AND year = 2020	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Lyon' AND year = 2020	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Lyon' AND year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Valencia'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Valencia'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Valencia'	library
SELECT COUNT(*) FROM customers WHERE city = 'Porto' AND age > 45	shop
SELECT COUNT(*) FROM customers WHERE city = 'Porto' AND age > 45	shop
SELECT COUNT(*) FROM customers WHERE city = 'Porto' AND age > 45	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Lyon' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Lyon' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Lyon' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big sport 30' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big sport 30' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big sport 30' AND T1.year = 2023	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Porto'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Porto'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Porto'	shop
SELECT COUNT(*) FROM students WHERE city = 'Oslo' AND grade = 12	school
SELECT COUNT(*) FROM students WHERE city = 'Oslo' AND grade = 12	school
SELECT COUNT(*) FROM students WHERE city = 'Oslo' AND grade = 12	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history' AND T1.year = 2022	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'history' AND T1.year = 2022	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'history' AND T1.year = 2022	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'history' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66' AND T1.year = 2022	library
SELECT COUNT(*) FROM books WHERE genre = 'poetry' AND published > 2000	library
SELECT COUNT(*) FROM books WHERE genre = 'poetry' AND published > 2000	library
SELECT COUNT(*) FROM books WHERE genre = 'poetry' AND published > 2000	library
SELECT price FROM products WHERE name = 'Fast tool 47'	shop
SELECT price FROM products WHERE name = 'Fast tool 47'	shop
SELECT price FROM products WHERE name = 'Fast tool 47'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast music 45'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast music 45'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast music 45'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'toys' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'toys' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'toys' AND T1.year = 2019	shop
SELECT credits FROM courses WHERE title = 'Seminar in physics'	school
SELECT credits FROM courses WHERE title = 'Seminar in physics'	school
SELECT credits FROM courses WHERE title = 'Seminar in physics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to chemistry'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to chemistry'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to chemistry'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'art' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'art' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'art' AND T1.year = 2023	school
SELECT pages FROM books WHERE title = 'The Mirror 66'	library
SELECT pages FROM books WHERE title = 'The Mirror 66'	library
SELECT pages FROM books WHERE title = 'The Mirror 66'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Basel' AND year = 2019	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Basel' AND year = 2019	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Basel' AND year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Porto'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Porto'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Porto'	library
SELECT COUNT(*) FROM customers WHERE city = 'Krakow' AND age > 25	shop
SELECT COUNT(*) FROM customers WHERE city = 'Krakow' AND age > 25	shop
SELECT COUNT(*) FROM customers WHERE city = 'Krakow' AND age > 25	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Vienna' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Vienna' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Vienna' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small garden 35' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small garden 35' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small garden 35' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 2	school
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 2	school
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 2	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in history' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in history' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in history' AND T1.year = 2020	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2019	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2019	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2019	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 63' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 63' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 63' AND T1.year = 2020	library
SELECT COUNT(*) FROM books WHERE genre = 'history' AND published > 1990	library
SELECT COUNT(*) FROM books WHERE genre = 'history' AND published > 1990	library
SELECT COUNT(*) FROM books WHERE genre = 'history' AND published > 1990	library
SELECT price FROM products WHERE name = 'Fast sport 46'	shop
SELECT price FROM products WHERE name = 'Fast sport 46'	shop
SELECT price FROM products WHERE name = 'Fast sport 46'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'music' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'music' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'music' AND T1.year = 2021	shop
SELECT credits FROM courses WHERE title = 'Advanced chemistry'	school
SELECT credits FROM courses WHERE title = 'Advanced chemistry'	school
SELECT credits FROM courses WHERE title = 'Advanced chemistry'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced mathematics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced mathematics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced mathematics'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2019	school
SELECT pages FROM books WHERE title = 'The River 21'	library
SELECT pages FROM books WHERE title = 'The River 21'	library
SELECT pages FROM books WHERE title = 'The River 21'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Vienna' AND year = 2023	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Vienna' AND year = 2023	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Vienna' AND year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Porto'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Porto'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Porto'	library
SELECT COUNT(*) FROM customers WHERE city = 'Basel' AND age > 55	shop
SELECT COUNT(*) FROM customers WHERE city = 'Basel' AND age > 55	shop
SELECT COUNT(*) FROM customers WHERE city = 'Basel' AND age > 55	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Bergen' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Bergen' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Bergen' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Valencia'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Valencia'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Valencia'	shop
SELECT COUNT(*) FROM students WHERE city = 'Krakow' AND grade = 4	school
SELECT COUNT(*) FROM students WHERE city = 'Krakow' AND grade = 4	school
SELECT COUNT(*) FROM students WHERE city = 'Krakow' AND grade = 4	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in art' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in art' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in art' AND T1.year = 2019	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'chemistry' AND T1.year = 2021	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'chemistry' AND T1.year = 2021	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'chemistry' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 74' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 74' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 74' AND T1.year = 2021	library
SELECT COUNT(*) FROM books WHERE genre = 'drama' AND published > 1960	library
SELECT COUNT(*) FROM books WHERE genre = 'drama' AND published > 1960	library
SELECT COUNT(*) FROM books WHERE genre = 'drama' AND published > 1960	library
SELECT price FROM products WHERE name = 'Red toy 8'	shop
SELECT price FROM products WHERE name = 'Red toy 8'	shop
SELECT price FROM products WHERE name = 'Red toy 8'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'garden' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'garden' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'garden' AND T1.year = 2020	shop
SELECT credits FROM courses WHERE title = 'Advanced physics'	school
SELECT credits FROM courses WHERE title = 'Advanced physics'	school
SELECT credits FROM courses WHERE title = 'Advanced physics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in biology'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in biology'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in biology'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2022	school
SELECT pages FROM books WHERE title = 'The Bridge 50'	library
SELECT pages FROM books WHERE title = 'The Bridge 50'	library
SELECT pages FROM books WHERE title = 'The Bridge 50'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Porto' AND year = 2020	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Porto' AND year = 2020	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Porto' AND year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 6'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 6'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 6'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Turin'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Turin'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Turin'	library
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 65	shop
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 65	shop
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 65	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Basel' AND T1.year = 2023	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Basel' AND T1.year = 2023	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Basel' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Krakow'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Krakow'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Krakow'	shop
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 1	school
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 1	school
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 1	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in art' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in art' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in art' AND T1.year = 2020	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'chemistry' AND T1.year = 2019	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'chemistry' AND T1.year = 2019	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'chemistry' AND T1.year = 2019	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 77' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 77' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 77' AND T1.year = 2022	library
SELECT COUNT(*) FROM books WHERE genre = 'science' AND published > 1980	library
SELECT COUNT(*) FROM books WHERE genre = 'science' AND published > 1980	library
SELECT COUNT(*) FROM books WHERE genre = 'science' AND published > 1980	library
SELECT price FROM products WHERE name = 'Blue music 13'	shop
SELECT price FROM products WHERE name = 'Blue music 13'	shop
SELECT price FROM products WHERE name = 'Blue music 13'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red tool 7'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red tool 7'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red tool 7'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'games' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'games' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'games' AND T1.year = 2023	shop
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'history' AND T1.year = 2021	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'history' AND T1.year = 2021	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'history' AND T1.year = 2021	school
SELECT pages FROM books WHERE title = 'The Bridge 60'	library
SELECT pages FROM books WHERE title = 'The Bridge 60'	library
SELECT pages FROM books WHERE title = 'The Bridge 60'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Lyon' AND year = 2019	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Lyon' AND year = 2019	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Lyon' AND year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'crime' AND T1.branch_city = 'Ghent'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'crime' AND T1.branch_city = 'Ghent'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'crime' AND T1.branch_city = 'Ghent'	library
SELECT COUNT(*) FROM customers WHERE city = 'Basel' AND age > 70	shop
SELECT COUNT(*) FROM customers WHERE city = 'Basel' AND age > 70	shop
SELECT COUNT(*) FROM customers WHERE city = 'Basel' AND age > 70	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Vienna' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Vienna' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Vienna' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'garden' AND T2.city = 'Porto'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'garden' AND T2.city = 'Porto'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'garden' AND T2.city = 'Porto'	shop
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 5	school
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 5	school
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 5	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced physics' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced physics' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced physics' AND T1.year = 2020	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2023	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2023	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31' AND T1.year = 2019	library
SELECT COUNT(*) FROM books WHERE genre = 'travel' AND published > 2000	library
SELECT COUNT(*) FROM books WHERE genre = 'travel' AND published > 2000	library
SELECT COUNT(*) FROM books WHERE genre = 'travel' AND published > 2000	library
SELECT price FROM products WHERE name = 'Big tool 31'	shop
SELECT price FROM products WHERE name = 'Big tool 31'	shop
SELECT price FROM products WHERE name = 'Big tool 31'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'sports' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'sports' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'sports' AND T1.year = 2022	shop
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'art' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'art' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'art' AND T1.year = 2022	school
SELECT pages FROM books WHERE title = 'The River 71'	library
SELECT pages FROM books WHERE title = 'The River 71'	library
SELECT pages FROM books WHERE title = 'The River 71'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Valencia' AND year = 2020	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Valencia' AND year = 2020	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Valencia' AND year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Lyon'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Lyon'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Lyon'	library
SELECT COUNT(*) FROM customers WHERE city = 'Vienna' AND age > 65	shop
SELECT COUNT(*) FROM customers WHERE city = 'Vienna' AND age > 65	shop
SELECT COUNT(*) FROM customers WHERE city = 'Vienna' AND age > 65	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Lyon' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Lyon' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Lyon' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small tool 39' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small tool 39' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small tool 39' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Bergen'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Bergen'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Bergen'	shop
SELECT COUNT(*) FROM students WHERE city = 'Krakow' AND grade = 7	school
SELECT COUNT(*) FROM students WHERE city = 'Krakow' AND grade = 7	school
SELECT COUNT(*) FROM students WHERE city = 'Krakow' AND grade = 7	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in mathematics' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in mathematics' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in mathematics' AND T1.year = 2022	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2021	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2021	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38' AND T1.year = 2022	library
SELECT COUNT(*) FROM books WHERE genre = 'drama' AND published > 2005	library
SELECT COUNT(*) FROM books WHERE genre = 'drama' AND published > 2005	library
SELECT COUNT(*) FROM books WHERE genre = 'drama' AND published > 2005	library
SELECT price FROM products WHERE name = 'Big garden 27'	shop
SELECT price FROM products WHERE name = 'Big garden 27'	shop
SELECT price FROM products WHERE name = 'Big garden 27'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big tool 31'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big tool 31'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big tool 31'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'sports' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'sports' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'sports' AND T1.year = 2023	shop
SELECT pages FROM books WHERE title = 'The Bridge 90'	library
SELECT pages FROM books WHERE title = 'The Bridge 90'	library
SELECT pages FROM books WHERE title = 'The Bridge 90'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Oslo' AND year = 2023	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Oslo' AND year = 2023	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Oslo' AND year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 20'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 20'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 20'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Valencia'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Valencia'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Valencia'	library
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 40	shop
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 40	shop
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 40	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Oslo' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Oslo' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Oslo' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'games' AND T2.city = 'Porto'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'games' AND T2.city = 'Porto'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'games' AND T2.city = 'Porto'	shop
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 9	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 9	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 9	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in mathematics' AND T1.year = 2021	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in mathematics' AND T1.year = 2021	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in mathematics' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 22' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 22' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 22' AND T1.year = 2021	library
SELECT COUNT(*) FROM books WHERE genre = 'science' AND published > 1970	library
SELECT COUNT(*) FROM books WHERE genre = 'science' AND published > 1970	library
SELECT COUNT(*) FROM books WHERE genre = 'science' AND published > 1970	library
SELECT price FROM products WHERE name = 'Small music 37'	shop
SELECT price FROM products WHERE name = 'Small music 37'	shop
SELECT price FROM products WHERE name = 'Small music 37'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big book 25'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big book 25'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big book 25'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'games' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'games' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'games' AND T1.year = 2020	shop
SELECT pages FROM books WHERE title = 'The Stone 62'	library
SELECT pages FROM books WHERE title = 'The Stone 62'	library
SELECT pages FROM books WHERE title = 'The Stone 62'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Basel' AND year = 2022	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Basel' AND year = 2022	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Basel' AND year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 87'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 87'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 87'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Porto'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Porto'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Porto'	library
SELECT COUNT(*) FROM customers WHERE city = 'Basel' AND age > 25	shop
SELECT COUNT(*) FROM customers WHERE city = 'Basel' AND age > 25	shop
SELECT COUNT(*) FROM customers WHERE city = 'Basel' AND age > 25	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Valencia' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Valencia' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Valencia' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red garden 3' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red garden 3' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red garden 3' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' AND T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' AND T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' AND T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM students WHERE city = 'Vienna' AND grade = 11	school
SELECT COUNT(*) FROM students WHERE city = 'Vienna' AND grade = 11	school
SELECT COUNT(*) FROM students WHERE city = 'Vienna' AND grade = 11	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in chemistry' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in chemistry' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in chemistry' AND T1.year = 2019	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 74' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 74' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 74' AND T1.year = 2023	library
SELECT COUNT(*) FROM books WHERE genre = 'history' AND published > 2000	library
SELECT COUNT(*) FROM books WHERE genre = 'history' AND published > 2000	library
SELECT COUNT(*) FROM books WHERE genre = 'history' AND published > 2000	library
SELECT price FROM products WHERE name = 'Red music 5'	shop
SELECT price FROM products WHERE name = 'Red music 5'	shop
SELECT price FROM products WHERE name = 'Red music 5'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'books' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'books' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'books' AND T1.year = 2022	shop
SELECT pages FROM books WHERE title = 'The Forest 59'	library
SELECT pages FROM books WHERE title = 'The Forest 59'	library
SELECT pages FROM books WHERE title = 'The Forest 59'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Oslo' AND year = 2019	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Oslo' AND year = 2019	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Oslo' AND year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Valencia'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Valencia'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Valencia'	library
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 35	shop
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 35	shop
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 35	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Krakow' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Krakow' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Krakow' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big game 26' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big game 26' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big game 26' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 11	school
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 11	school
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 11	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to chemistry' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to chemistry' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to chemistry' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44' AND T1.year = 2021	library
SELECT COUNT(*) FROM books WHERE genre = 'drama' AND published > 2000	library
SELECT COUNT(*) FROM books WHERE genre = 'drama' AND published > 2000	library
SELECT COUNT(*) FROM books WHERE genre = 'drama' AND published > 2000	library
SELECT price FROM products WHERE name = 'Big book 25'	shop
SELECT price FROM products WHERE name = 'Big book 25'	shop
SELECT price FROM products WHERE name = 'Big book 25'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red music 5'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red music 5'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red music 5'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'garden' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'garden' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'garden' AND T1.year = 2022	shop
SELECT pages FROM books WHERE title = 'The Harbor 17'	library
SELECT pages FROM books WHERE title = 'The Harbor 17'	library
SELECT pages FROM books WHERE title = 'The Harbor 17'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Krakow' AND year = 2020	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Krakow' AND year = 2020	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Krakow' AND year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Lyon'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Lyon'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Lyon'	library
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 70	shop
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 70	shop
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 70	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Valencia' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Valencia' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Valencia' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small music 37' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small music 37' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small music 37' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM students WHERE city = 'Krakow' AND grade = 11	school
SELECT COUNT(*) FROM students WHERE city = 'Krakow' AND grade = 11	school
SELECT COUNT(*) FROM students WHERE city = 'Krakow' AND grade = 11	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced physics' AND T1.year = 2021	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced physics' AND T1.year = 2021	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced physics' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4' AND T1.year = 2020	library
SELECT COUNT(*) FROM books WHERE genre = 'crime' AND published > 2015	library
SELECT COUNT(*) FROM books WHERE genre = 'crime' AND published > 2015	library
SELECT COUNT(*) FROM books WHERE genre = 'crime' AND published > 2015	library
SELECT price FROM products WHERE name = 'Green book 17'	shop
SELECT price FROM products WHERE name = 'Green book 17'	shop
SELECT price FROM products WHERE name = 'Green book 17'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16'	shop
SELECT pages FROM books WHERE title = 'The Harbor 77'	library
SELECT pages FROM books WHERE title = 'The Harbor 77'	library
SELECT pages FROM books WHERE title = 'The Harbor 77'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Porto' AND year = 2022	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Porto' AND year = 2022	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Porto' AND year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Krakow'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Krakow'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Krakow'	library
SELECT COUNT(*) FROM customers WHERE city = 'Vienna' AND age > 25	shop
SELECT COUNT(*) FROM customers WHERE city = 'Vienna' AND age > 25	shop
SELECT COUNT(*) FROM customers WHERE city = 'Vienna' AND age > 25	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Basel' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Basel' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Basel' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red kitchen 4' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red kitchen 4' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red kitchen 4' AND T1.year = 2023	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'games' AND T2.city = 'Valencia'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'games' AND T2.city = 'Valencia'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'games' AND T2.city = 'Valencia'	shop
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 5	school
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 5	school
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 5	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in history' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in history' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in history' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 5' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 5' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 5' AND T1.year = 2021	library
SELECT COUNT(*) FROM books WHERE genre = 'crime' AND published > 1980	library
SELECT COUNT(*) FROM books WHERE genre = 'crime' AND published > 1980	library
SELECT COUNT(*) FROM books WHERE genre = 'crime' AND published > 1980	library
SELECT price FROM products WHERE name = 'Fast music 45'	shop
SELECT price FROM products WHERE name = 'Fast music 45'	shop
SELECT price FROM products WHERE name = 'Fast music 45'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42'	shop
SELECT pages FROM books WHERE title = 'The Forest 79'	library
SELECT pages FROM books WHERE title = 'The Forest 79'	library
SELECT pages FROM books WHERE title = 'The Forest 79'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Krakow' AND year = 2023	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Krakow' AND year = 2023	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Krakow' AND year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 30'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 30'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 30'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Bergen'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Bergen'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Bergen'	library
SELECT COUNT(*) FROM customers WHERE city = 'Krakow' AND age > 30	shop
SELECT COUNT(*) FROM customers WHERE city = 'Krakow' AND age > 30	shop
SELECT COUNT(*) FROM customers WHERE city = 'Krakow' AND age > 30	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Lyon' AND T1.year = 2023	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Lyon' AND T1.year = 2023	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Lyon' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green garden 19' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green garden 19' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green garden 19' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Valencia'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Valencia'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Valencia'	shop
SELECT COUNT(*) FROM students WHERE city = 'Oslo' AND grade = 7	school
SELECT COUNT(*) FROM students WHERE city = 'Oslo' AND grade = 7	school
SELECT COUNT(*) FROM students WHERE city = 'Oslo' AND grade = 7	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history' AND T1.year = 2019	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 33' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 33' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 33' AND T1.year = 2019	library
SELECT COUNT(*) FROM books WHERE genre = 'crime' AND published > 1990	library
SELECT COUNT(*) FROM books WHERE genre = 'crime' AND published > 1990	library
SELECT COUNT(*) FROM books WHERE genre = 'crime' AND published > 1990	library
SELECT pages FROM books WHERE title = 'The Lantern 8'	library
SELECT pages FROM books WHERE title = 'The Lantern 8'	library
SELECT pages FROM books WHERE title = 'The Lantern 8'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Krakow' AND year = 2021	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Krakow' AND year = 2021	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Krakow' AND year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 80'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 80'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 80'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Bergen'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Bergen'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Bergen'	library
SELECT COUNT(*) FROM customers WHERE city = 'Vienna' AND age > 55	shop
SELECT COUNT(*) FROM customers WHERE city = 'Vienna' AND age > 55	shop
SELECT COUNT(*) FROM customers WHERE city = 'Vienna' AND age > 55	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Bergen' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Bergen' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Bergen' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small garden 35' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small garden 35' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small garden 35' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Oslo'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Oslo'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Oslo'	shop
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 12	school
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 12	school
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 12	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in mathematics' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in mathematics' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in mathematics' AND T1.year = 2020	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40' AND T1.year = 2022	library
SELECT COUNT(*) FROM books WHERE genre = 'poetry' AND published > 2005	library
SELECT COUNT(*) FROM books WHERE genre = 'poetry' AND published > 2005	library
SELECT COUNT(*) FROM books WHERE genre = 'poetry' AND published > 2005	library
SELECT pages FROM books WHERE title = 'The Letter 35'	library
SELECT pages FROM books WHERE title = 'The Letter 35'	library
SELECT pages FROM books WHERE title = 'The Letter 35'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Ghent' AND year = 2023	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Ghent' AND year = 2023	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Ghent' AND year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 77'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 77'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 77'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Leeds'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Leeds'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Leeds'	library
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 40	shop
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 40	shop
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 40	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Lyon' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Lyon' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Lyon' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small toy 40' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small toy 40' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small toy 40' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' AND T2.city = 'Valencia'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' AND T2.city = 'Valencia'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' AND T2.city = 'Valencia'	shop
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 5	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 5	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 5	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced art' AND T1.year = 2021	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced art' AND T1.year = 2021	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced art' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 37' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 37' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 37' AND T1.year = 2019	library
SELECT COUNT(*) FROM books WHERE genre = 'poetry' AND published > 1970	library
SELECT COUNT(*) FROM books WHERE genre = 'poetry' AND published > 1970	library
SELECT COUNT(*) FROM books WHERE genre = 'poetry' AND published > 1970	library
SELECT pages FROM books WHERE title = 'The Harbor 7'	library
SELECT pages FROM books WHERE title = 'The Harbor 7'	library
SELECT pages FROM books WHERE title = 'The Harbor 7'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Krakow' AND year = 2022	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Krakow' AND year = 2022	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Krakow' AND year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'crime' AND T1.branch_city = 'Turin'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'crime' AND T1.branch_city = 'Turin'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'crime' AND T1.branch_city = 'Turin'	library
SELECT COUNT(*) FROM customers WHERE city = 'Porto' AND age > 65	shop
SELECT COUNT(*) FROM customers WHERE city = 'Porto' AND age > 65	shop
SELECT COUNT(*) FROM customers WHERE city = 'Porto' AND age > 65	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Vienna' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Vienna' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Vienna' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM students WHERE city = 'Vienna' AND grade = 12	school
SELECT COUNT(*) FROM students WHERE city = 'Vienna' AND grade = 12	school
SELECT COUNT(*) FROM students WHERE city = 'Vienna' AND grade = 12	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to chemistry' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to chemistry' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to chemistry' AND T1.year = 2019	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59' AND T1.year = 2022	library
SELECT COUNT(*) FROM books WHERE genre = 'drama' AND published > 1970	library
SELECT COUNT(*) FROM books WHERE genre = 'drama' AND published > 1970	library
SELECT COUNT(*) FROM books WHERE genre = 'drama' AND published > 1970	library
SELECT pages FROM books WHERE title = 'The Lantern 88'	library
SELECT pages FROM books WHERE title = 'The Lantern 88'	library
SELECT pages FROM books WHERE title = 'The Lantern 88'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Porto' AND year = 2019	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Porto' AND year = 2019	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Porto' AND year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Oslo'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Oslo'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Oslo'	library
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 65	shop
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 65	shop
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 65	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Ghent' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Ghent' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Ghent' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue tool 15' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue tool 15' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue tool 15' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Vienna'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Vienna'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Vienna'	shop
SELECT COUNT(*) FROM students WHERE city = 'Valencia' AND grade = 10	school
SELECT COUNT(*) FROM students WHERE city = 'Valencia' AND grade = 10	school
SELECT COUNT(*) FROM students WHERE city = 'Valencia' AND grade = 10	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 29' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 29' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 29' AND T1.year = 2019	library
SELECT pages FROM books WHERE title = 'The River 81'	library
SELECT pages FROM books WHERE title = 'The River 81'	library
SELECT pages FROM books WHERE title = 'The River 81'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Ghent'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Ghent'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Ghent'	library
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 45	shop
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 45	shop
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 45	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast sport 46' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast sport 46' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast sport 46' AND T1.year = 2023	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Basel'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Basel'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Basel'	shop
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 5	school
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 5	school
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 5	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced mathematics' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced mathematics' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced mathematics' AND T1.year = 2020	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 2' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 2' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 2' AND T1.year = 2020	library
SELECT pages FROM books WHERE title = 'The Stone 42'	library
SELECT pages FROM books WHERE title = 'The Stone 42'	library
SELECT pages FROM books WHERE title = 'The Stone 42'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'crime' AND T1.branch_city = 'Oslo'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'crime' AND T1.branch_city = 'Oslo'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'crime' AND T1.branch_city = 'Oslo'	library
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 35	shop
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 35	shop
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 35	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green music 21' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green music 21' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green music 21' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' AND T2.city = 'Vienna'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' AND T2.city = 'Vienna'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' AND T2.city = 'Vienna'	shop
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 6	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 6	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 6	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in art' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in art' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in art' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 85' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 85' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 85' AND T1.year = 2023	library
SELECT pages FROM books WHERE title = 'The Window 23'	library
SELECT pages FROM books WHERE title = 'The Window 23'	library
SELECT pages FROM books WHERE title = 'The Window 23'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Basel'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Basel'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Basel'	library
SELECT COUNT(*) FROM customers WHERE city = 'Vienna' AND age > 35	shop
SELECT COUNT(*) FROM customers WHERE city = 'Vienna' AND age > 35	shop
SELECT COUNT(*) FROM customers WHERE city = 'Vienna' AND age > 35	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small game 34' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small game 34' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small game 34' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'garden' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'garden' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'garden' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 7	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 7	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 7	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in art' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in art' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in art' AND T1.year = 2020	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53' AND T1.year = 2023	library
SELECT pages FROM books WHERE title = 'The Harbor 37'	library
SELECT pages FROM books WHERE title = 'The Harbor 37'	library
SELECT pages FROM books WHERE title = 'The Harbor 37'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Vienna'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Vienna'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Vienna'	library
SELECT COUNT(*) FROM customers WHERE city = 'Leeds' AND age > 55	shop
SELECT COUNT(*) FROM customers WHERE city = 'Leeds' AND age > 55	shop
SELECT COUNT(*) FROM customers WHERE city = 'Leeds' AND age > 55	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small garden 35' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small garden 35' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small garden 35' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Vienna'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Vienna'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Vienna'	shop
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 1	school
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 1	school
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 1	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in physics' AND T1.year = 2021	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in physics' AND T1.year = 2021	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in physics' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48' AND T1.year = 2022	library
SELECT pages FROM books WHERE title = 'The Garden 14'	library
SELECT pages FROM books WHERE title = 'The Garden 14'	library
SELECT pages FROM books WHERE title = 'The Garden 14'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Oslo'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Oslo'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Oslo'	library
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 50	shop
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 50	shop
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 50	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big game 26' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big game 26' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big game 26' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 9	school
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 9	school
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 9	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history' AND T1.year = 2020	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 45' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 45' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 45' AND T1.year = 2019	library
SELECT pages FROM books WHERE title = 'The Mirror 16'	library
SELECT pages FROM books WHERE title = 'The Mirror 16'	library
SELECT pages FROM books WHERE title = 'The Mirror 16'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 78'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 78'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 78'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Oslo'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Oslo'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Oslo'	library
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 25	shop
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 25	shop
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 25	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue game 10' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue game 10' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue game 10' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' AND T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' AND T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' AND T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM students WHERE city = 'Basel' AND grade = 3	school
SELECT COUNT(*) FROM students WHERE city = 'Basel' AND grade = 3	school
SELECT COUNT(*) FROM students WHERE city = 'Basel' AND grade = 3	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in mathematics' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in mathematics' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in mathematics' AND T1.year = 2019	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79' AND T1.year = 2020	library
SELECT pages FROM books WHERE title = 'The Garden 84'	library
SELECT pages FROM books WHERE title = 'The Garden 84'	library
SELECT pages FROM books WHERE title = 'The Garden 84'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Valencia'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Valencia'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Valencia'	library
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 35	shop
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 35	shop
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 35	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green garden 19' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green garden 19' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green garden 19' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'games' AND T2.city = 'Krakow'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'games' AND T2.city = 'Krakow'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'games' AND T2.city = 'Krakow'	shop
SELECT COUNT(*) FROM students WHERE city = 'Vienna' AND grade = 3	school
SELECT COUNT(*) FROM students WHERE city = 'Vienna' AND grade = 3	school
SELECT COUNT(*) FROM students WHERE city = 'Vienna' AND grade = 3	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in chemistry' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in chemistry' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in chemistry' AND T1.year = 2020	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42' AND T1.year = 2019	library
SELECT pages FROM books WHERE title = 'The Harbor 27'	library
SELECT pages FROM books WHERE title = 'The Harbor 27'	library
SELECT pages FROM books WHERE title = 'The Harbor 27'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Leeds'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Leeds'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Leeds'	library
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 55	shop
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 55	shop
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 55	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast tool 47' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast tool 47' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast tool 47' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' AND T2.city = 'Oslo'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' AND T2.city = 'Oslo'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' AND T2.city = 'Oslo'	shop
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 11	school
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 11	school
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 11	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to mathematics' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to mathematics' AND T1.year = 2020	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to mathematics' AND T1.year = 2020	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68' AND T1.year = 2019	library
SELECT pages FROM books WHERE title = 'The Harbor 47'	library
SELECT pages FROM books WHERE title = 'The Harbor 47'	library
SELECT pages FROM books WHERE title = 'The Harbor 47'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40'	library
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 45	shop
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 45	shop
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 45	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big sport 30' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big sport 30' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big sport 30' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Bergen'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Bergen'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Bergen'	shop
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 6	school
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 6	school
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 6	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in mathematics' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in mathematics' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in mathematics' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34' AND T1.year = 2023	library
SELECT pages FROM books WHERE title = 'The Bridge 40'	library
SELECT pages FROM books WHERE title = 'The Bridge 40'	library
SELECT pages FROM books WHERE title = 'The Bridge 40'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66'	library
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 65	shop
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 65	shop
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 65	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big music 29' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big music 29' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big music 29' AND T1.year = 2023	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' AND T2.city = 'Porto'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' AND T2.city = 'Porto'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' AND T2.city = 'Porto'	shop
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 5	school
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 5	school
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 5	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in chemistry' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in chemistry' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in chemistry' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 17' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 17' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 17' AND T1.year = 2021	library
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 30	shop
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 30	shop
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 30	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green kitchen 20' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green kitchen 20' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green kitchen 20' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' AND T2.city = 'Turin'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' AND T2.city = 'Turin'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' AND T2.city = 'Turin'	shop
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 2	school
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 2	school
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 2	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in art' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in art' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in art' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62' AND T1.year = 2022	library
SELECT COUNT(*) FROM customers WHERE city = 'Porto' AND age > 50	shop
SELECT COUNT(*) FROM customers WHERE city = 'Porto' AND age > 50	shop
SELECT COUNT(*) FROM customers WHERE city = 'Porto' AND age > 50	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast kitchen 44' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast kitchen 44' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast kitchen 44' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Krakow'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Krakow'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Krakow'	shop
SELECT COUNT(*) FROM students WHERE city = 'Krakow' AND grade = 8	school
SELECT COUNT(*) FROM students WHERE city = 'Krakow' AND grade = 8	school
SELECT COUNT(*) FROM students WHERE city = 'Krakow' AND grade = 8	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to mathematics' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to mathematics' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to mathematics' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 84' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 84' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 84' AND T1.year = 2021	library
SELECT COUNT(*) FROM customers WHERE city = 'Valencia' AND age > 45	shop
SELECT COUNT(*) FROM customers WHERE city = 'Valencia' AND age > 45	shop
SELECT COUNT(*) FROM customers WHERE city = 'Valencia' AND age > 45	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42' AND T1.year = 2021	shop
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 10	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 10	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 10	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced mathematics' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced mathematics' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced mathematics' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 37' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 37' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 37' AND T1.year = 2021	library
SELECT COUNT(*) FROM customers WHERE city = 'Valencia' AND age > 65	shop
SELECT COUNT(*) FROM customers WHERE city = 'Valencia' AND age > 65	shop
SELECT COUNT(*) FROM customers WHERE city = 'Valencia' AND age > 65	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green garden 19' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green garden 19' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green garden 19' AND T1.year = 2021	shop
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 9	school
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 9	school
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 9	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced physics' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced physics' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced physics' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 28' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 28' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 28' AND T1.year = 2021	library
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 50	shop
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 50	shop
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 50	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16' AND T1.year = 2022	shop
SELECT COUNT(*) FROM students WHERE city = 'Oslo' AND grade = 9	school
SELECT COUNT(*) FROM students WHERE city = 'Oslo' AND grade = 9	school
SELECT COUNT(*) FROM students WHERE city = 'Oslo' AND grade = 9	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to biology' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to biology' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to biology' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 23' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 23' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 23' AND T1.year = 2021	library
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 40	shop
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 40	shop
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 40	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small music 37' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small music 37' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small music 37' AND T1.year = 2023	shop
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 5	school
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 5	school
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 5	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in physics' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in physics' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in physics' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 58' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 58' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 58' AND T1.year = 2020	library
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 70	shop
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 70	shop
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 70	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big sport 30' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big sport 30' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big sport 30' AND T1.year = 2021	shop
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 4	school
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 4	school
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 4	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced mathematics' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced mathematics' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced mathematics' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 69' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 69' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 69' AND T1.year = 2023	library
SELECT COUNT(*) FROM customers WHERE city = 'Valencia' AND age > 55	shop
SELECT COUNT(*) FROM customers WHERE city = 'Valencia' AND age > 55	shop
SELECT COUNT(*) FROM customers WHERE city = 'Valencia' AND age > 55	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green music 21' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green music 21' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green music 21' AND T1.year = 2019	shop
SELECT COUNT(*) FROM students WHERE city = 'Basel' AND grade = 9	school
SELECT COUNT(*) FROM students WHERE city = 'Basel' AND grade = 9	school
SELECT COUNT(*) FROM students WHERE city = 'Basel' AND grade = 9	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in history' AND T1.year = 2021	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in history' AND T1.year = 2021	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in history' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 12' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 12' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 12' AND T1.year = 2020	library
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 60	shop
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 60	shop
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 60	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue game 10' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue game 10' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue game 10' AND T1.year = 2023	shop
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 6	school
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 6	school
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 6	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in biology' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in biology' AND T1.year = 2023	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in biology' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 55' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 55' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 55' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue kitchen 12' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue kitchen 12' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue kitchen 12' AND T1.year = 2020	shop
SELECT COUNT(*) FROM students WHERE city = 'Valencia' AND grade = 1	school
SELECT COUNT(*) FROM students WHERE city = 'Valencia' AND grade = 1	school
SELECT COUNT(*) FROM students WHERE city = 'Valencia' AND grade = 1	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to biology' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to biology' AND T1.year = 2022	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to biology' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 12' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 12' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 12' AND T1.year = 2023	library
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 70	shop
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 70	shop
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 70	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small music 37' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small music 37' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small music 37' AND T1.year = 2019	shop
SELECT COUNT(*) FROM students WHERE city = 'Basel' AND grade = 7	school
SELECT COUNT(*) FROM students WHERE city = 'Basel' AND grade = 7	school
SELECT COUNT(*) FROM students WHERE city = 'Basel' AND grade = 7	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to art' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to art' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to art' AND T1.year = 2019	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 78' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 78' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 78' AND T1.year = 2022	library
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 50	shop
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 50	shop
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 50	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue sport 14' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue sport 14' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue sport 14' AND T1.year = 2020	shop
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 11	school
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 11	school
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 11	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced physics' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced physics' AND T1.year = 2019	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced physics' AND T1.year = 2019	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 35' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 35' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 35' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big toy 32' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big toy 32' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big toy 32' AND T1.year = 2021	shop
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 11	school
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 11	school
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 11	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small toy 40' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small toy 40' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small toy 40' AND T1.year = 2019	shop
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 4	school
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 4	school
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 4	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 23' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 23' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 23' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red kitchen 4' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red kitchen 4' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red kitchen 4' AND T1.year = 2021	shop
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 3	school
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 3	school
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 3	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36' AND T1.year = 2023	shop
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 1	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 1	school
SELECT COUNT(*) FROM students WHERE city = 'Dublin' AND grade = 1	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 27' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 27' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 27' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red book 1' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red book 1' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red book 1' AND T1.year = 2023	shop
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 9	school
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 9	school
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 9	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 18' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 18' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 18' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red tool 7' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red tool 7' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red tool 7' AND T1.year = 2019	shop
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 12	school
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 12	school
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 12	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small tool 39' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small tool 39' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small tool 39' AND T1.year = 2023	shop
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 9	school
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 9	school
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 9	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big kitchen 28' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big kitchen 28' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big kitchen 28' AND T1.year = 2021	shop
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 7	school
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 7	school
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 7	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 27' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 27' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 27' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big tool 31' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big tool 31' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big tool 31' AND T1.year = 2023	shop
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 1	school
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 1	school
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 1	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red kitchen 4' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red kitchen 4' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red kitchen 4' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast toy 48' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast toy 48' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast toy 48' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 76' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 76' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 76' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 29' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 29' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 29' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue game 10' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue game 10' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue game 10' AND T1.year = 2022	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 54' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 54' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 54' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue book 9' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue book 9' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue book 9' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 54' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 54' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 54' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 61' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 61' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 61' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green sport 22' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green sport 22' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green sport 22' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 29' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 29' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 29' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red game 2' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red game 2' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red game 2' AND T1.year = 2022	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 61' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 61' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 61' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green tool 23' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green tool 23' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green tool 23' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green book 17' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green book 17' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green book 17' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 73' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 73' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 73' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green music 21' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green music 21' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green music 21' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 61' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 61' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 61' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green sport 22' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green sport 22' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green sport 22' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 6' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 6' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 6' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red sport 6' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red sport 6' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red sport 6' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 82' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 82' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 82' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast sport 46' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast sport 46' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast sport 46' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 25' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 25' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 25' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red book 1' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red book 1' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red book 1' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 71' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 71' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 71' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast kitchen 44' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast kitchen 44' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast kitchen 44' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 19' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 19' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 19' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red music 5' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red music 5' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red music 5' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red garden 3' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red garden 3' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red garden 3' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 2' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 2' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 2' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 7' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 7' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 7' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green toy 24' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green toy 24' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green toy 24' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 64' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 64' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 64' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue sport 14' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue sport 14' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue sport 14' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big tool 31' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big tool 31' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big tool 31' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 28' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 28' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 28' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big book 25' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big book 25' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big book 25' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red kitchen 4' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red kitchen 4' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red kitchen 4' AND T1.year = 2022	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red book 1' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red book 1' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red book 1' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 70' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 70' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 70' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red tool 7' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red tool 7' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red tool 7' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 55' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 55' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 55' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big garden 27' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big garden 27' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big garden 27' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 12' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 12' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 12' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36' AND T1.year = 2022	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big tool 31' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big tool 31' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big tool 31' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast toy 48' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast toy 48' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast toy 48' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 80' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 80' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 80' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big book 25' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big book 25' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big book 25' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 18' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 18' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 18' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue game 10' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue game 10' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue game 10' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue kitchen 12' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue kitchen 12' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue kitchen 12' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red music 5' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red music 5' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red music 5' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 17' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 17' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 17' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red game 2' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red game 2' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red game 2' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green garden 19' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green garden 19' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green garden 19' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small garden 35' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small garden 35' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small garden 35' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small book 33' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small book 33' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small book 33' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast tool 47' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast tool 47' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast tool 47' AND T1.year = 2022	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small sport 38' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small sport 38' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small sport 38' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 28' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 28' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 28' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green book 17' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green book 17' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green book 17' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 25' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 25' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 25' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big kitchen 28' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big kitchen 28' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big kitchen 28' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 35' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 35' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 35' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast book 41' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast book 41' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast book 41' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small tool 39' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small tool 39' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small tool 39' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 77' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 77' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 77' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue book 9' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue book 9' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue book 9' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue book 9' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue book 9' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue book 9' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 87' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 87' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 87' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast sport 46' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast sport 46' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast sport 46' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast book 41' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast book 41' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast book 41' AND T1.year = 2022	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green kitchen 20' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green kitchen 20' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green kitchen 20' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast music 45' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast music 45' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast music 45' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 46' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 46' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 46' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red sport 6' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red sport 6' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red sport 6' AND T1.year = 2022	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast toy 48' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast toy 48' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast toy 48' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 30' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 30' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 30' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 19' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 19' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 19' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast tool 47' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast tool 47' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast tool 47' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red music 5' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red music 5' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red music 5' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 84' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 84' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 84' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 20' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 20' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 20' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast kitchen 44' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast kitchen 44' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast kitchen 44' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 30' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 30' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 30' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue kitchen 12' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue kitchen 12' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue kitchen 12' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red sport 6' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red sport 6' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red sport 6' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small sport 38' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small sport 38' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small sport 38' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 82' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 82' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 82' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green book 17' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green book 17' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green book 17' AND T1.year = 2022	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green kitchen 20' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green kitchen 20' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green kitchen 20' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 85' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 85' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 85' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green sport 22' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green sport 22' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green sport 22' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 25' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 25' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 25' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green tool 23' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green tool 23' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green tool 23' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast toy 48' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast toy 48' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast toy 48' AND T1.year = 2022	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast game 42' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green tool 23' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green tool 23' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green tool 23' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast toy 48' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast toy 48' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast toy 48' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 36' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 36' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 36' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast book 41' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast book 41' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast book 41' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 28' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 28' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 28' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue kitchen 12' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue kitchen 12' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue kitchen 12' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 30' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 30' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 30' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green game 18' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green game 18' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green game 18' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 63' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 63' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 63' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11' AND T1.year = 2022	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 84' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 84' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 84' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small sport 38' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small sport 38' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small sport 38' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big sport 30' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big sport 30' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big sport 30' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red game 2' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red game 2' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red game 2' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small game 34' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small game 34' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small game 34' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 74' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 74' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 74' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red book 1' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red book 1' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red book 1' AND T1.year = 2022	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big garden 27' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big garden 27' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big garden 27' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 23' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 23' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 23' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast music 45' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast music 45' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast music 45' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big music 29' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big music 29' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big music 29' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 8' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 8' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 8' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red tool 7' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red tool 7' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red tool 7' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89' AND T1.year = 2022	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big book 25' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big book 25' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big book 25' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green music 21' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green music 21' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green music 21' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small kitchen 36' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 75' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 75' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 75' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big garden 27' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big garden 27' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big garden 27' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 28' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 28' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 28' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small game 34' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small game 34' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small game 34' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast kitchen 44' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast kitchen 44' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast kitchen 44' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 39' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 39' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 39' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green game 18' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green game 18' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green game 18' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 69' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 69' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 69' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small sport 38' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small sport 38' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small sport 38' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 37' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 37' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 37' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big music 29' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big music 29' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big music 29' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast sport 46' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast sport 46' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast sport 46' AND T1.year = 2022	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 57' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 57' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 57' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big toy 32' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big toy 32' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big toy 32' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 42' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast garden 43' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast garden 43' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast garden 43' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 1' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 1' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 1' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small garden 35' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small garden 35' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small garden 35' AND T1.year = 2019	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90' AND T1.year = 2021	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13' AND T1.year = 2022	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 33' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 33' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 33' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big music 29' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big music 29' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big music 29' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 85' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 85' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 85' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green game 18' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green game 18' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green game 18' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 77' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 77' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 77' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big toy 32' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big toy 32' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big toy 32' AND T1.year = 2020	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 39' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 39' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 39' AND T1.year = 2019	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11' AND T1.year = 2021	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 46' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 46' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 46' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green book 17' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green book 17' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green book 17' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big game 26' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big game 26' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big game 26' AND T1.year = 2022	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 81' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 81' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 81' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue sport 14' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue sport 14' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue sport 14' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62' AND T1.year = 2020	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red tool 7' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red tool 7' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red tool 7' AND T1.year = 2022	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38' AND T1.year = 2023	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small book 33' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small book 33' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small book 33' AND T1.year = 2023	shop
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 63' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 63' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 63' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 33' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 33' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 33' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 35' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 35' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 35' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 22' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 22' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 22' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 25' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 25' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 25' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 80' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 80' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 80' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 14' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 14' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 14' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 45' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 45' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 45' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 18' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 18' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 18' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 81' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 81' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 81' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 36' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 36' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 36' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 8' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 8' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 8' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 46' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 46' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 46' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 55' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 55' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 55' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 19' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 19' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 19' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 7' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 7' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 7' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 37' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 37' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 37' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 69' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 69' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 69' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 29' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 29' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 29' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 56' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 56' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 56' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 70' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 70' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 70' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 9' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 9' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 9' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 29' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 29' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 29' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 56' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 56' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 56' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 63' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 63' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 63' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 76' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 76' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 76' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 1' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 1' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 1' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 57' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 57' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 57' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 64' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 64' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 64' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 70' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 70' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 70' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 66' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 88' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 88' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 88' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 16' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 16' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 16' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 80' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 80' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 80' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 40' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 75' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 75' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 75' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 39' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 39' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 39' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 62' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 27' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 27' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 27' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 84' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 84' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 84' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 46' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 46' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 46' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 80' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 80' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 80' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 7' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 7' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 7' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 16' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 16' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 16' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 16' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 16' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 16' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 52' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 57' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 57' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 57' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 63' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 63' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 63' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 74' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 74' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 74' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 73' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 73' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 73' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 39' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 39' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 39' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 73' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 73' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 73' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 6' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 6' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 6' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 20' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 20' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 20' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 87' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 87' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 87' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 3' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 3' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 3' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 19' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 19' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 19' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 69' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 69' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 69' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 27' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 27' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 27' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 14' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 14' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 14' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 36' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 36' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 36' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 3' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 3' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 3' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 58' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 58' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 58' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 30' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 30' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 30' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 21' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 21' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 21' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 56' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 56' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 56' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 2' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 2' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 2' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 35' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 35' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 35' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 18' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 18' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 18' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 76' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 76' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 76' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 20' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 20' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 20' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 12' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 12' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 12' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 78' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 78' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 78' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 70' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 70' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 70' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 45' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 45' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 45' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 87' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 87' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 87' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 88' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 88' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 88' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 81' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 81' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 81' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 23' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 23' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 23' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 9' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 9' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 9' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 82' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 82' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 82' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 43' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 17' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 17' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 17' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 9' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 9' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 9' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 82' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 82' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 82' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 77' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 77' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 77' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 20' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 20' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 20' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 37' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 37' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 37' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 55' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 55' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 55' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 56' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 56' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 56' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 88' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 88' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 88' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 11' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 15' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 3' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 3' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 3' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 88' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 88' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 88' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 81' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 81' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 81' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 75' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 75' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 75' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 36' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 36' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 36' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 19' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 19' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 19' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 21' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 21' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 21' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 71' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 71' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 71' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 7' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 7' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 7' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 4' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 78' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 78' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 78' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 14' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 14' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 14' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 5' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 5' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 5' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 1' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 1' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 1' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 3' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 3' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 3' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 89' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 21' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 21' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 21' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 6' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 6' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 6' AND T1.year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 5' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 5' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 5' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 38' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 9' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 9' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 9' AND T1.year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 74' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 74' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 74' AND T1.year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 61' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 61' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 61' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 54' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 54' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 54' AND T1.year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 6' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 6' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 6' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 71' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 71' AND T1.year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 71' AND T1.year = 2023	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Denmark'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Denmark'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Denmark'	library
SELECT name FROM authors WHERE country = 'India'	library
SELECT name FROM authors WHERE country = 'India'	library
SELECT name FROM authors WHERE country = 'India'	library
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in biology'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in biology'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in biology'	school
SELECT name FROM authors WHERE country = 'Austria'	library
SELECT name FROM authors WHERE country = 'Austria'	library
SELECT name FROM authors WHERE country = 'Austria'	library
